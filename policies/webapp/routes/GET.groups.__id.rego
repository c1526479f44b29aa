# GET /groups/{id}: a group and its members (can_read: its owner and members).
package webapp.GET.groups.__id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("group", input.resource.id, "can_read")
}
