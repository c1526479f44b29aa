# POST /api/trash/{id}/restore: restore a deleted document (can_delete: the owner).
package webapp.POST.api.trash.__id.restore

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_delete")
}
