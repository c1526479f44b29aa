# DELETE /api/shares/{doc_id}/{email}: revoke a share (can_share: the owner).
package webapp.DELETE.api.shares.__doc_id.__email

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.doc_id, "can_share")
}
