# DELETE /api/groups/{id}: delete a group (can_delete: its owner).
package webapp.DELETE.api.groups.__id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("group", input.resource.id, "can_delete")
}
