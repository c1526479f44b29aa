# POST /documents/{id}/owner: give a document to another user (signed in, can_share: its owner).
package webapp.POST.documents.__id.owner

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_share")
}
