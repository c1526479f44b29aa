# GET /documents/{id}/access-log: the access log of a document (can_share: its owner).
package webapp.GET.documents.__id.access_log

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_share")
}
