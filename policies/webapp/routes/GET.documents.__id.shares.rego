# GET /documents/{id}/shares: the share management of a document (can_share).
package webapp.GET.documents.__id.shares

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_share")
}
