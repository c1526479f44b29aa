# DELETE /api/groups/{id}/members/{email}: remove a member (can_write: the group's owner).
package webapp.DELETE.api.groups.__id.members.__email

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("group", input.resource.id, "can_write")
}
