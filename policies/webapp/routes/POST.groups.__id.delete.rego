# POST /groups/{id}/delete: delete the group (can_delete: the owner).
package webapp.POST.groups.__id.delete

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("group", input.resource.id, "can_delete")
}
