# GET /api/documents/{id}/versions/{version}: one version as it was (signed in, can_read).
package webapp.GET.api.documents.__id.versions.__version

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_read")
}
