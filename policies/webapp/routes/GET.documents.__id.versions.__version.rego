# GET /documents/{id}/versions/{version}: one saved version as it was (can_read).
package webapp.GET.documents.__id.versions.__version

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_read")
}
