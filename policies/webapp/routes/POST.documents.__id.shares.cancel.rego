# POST /documents/{id}/shares/cancel: withdraw an invitation of an address that has not signed in
# yet (can_share: the owner).
package webapp.POST.documents.__id.shares.cancel

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_share")
}
