# DELETE /api/folders/{id}: delete an empty folder (can_delete: the owner).
package webapp.DELETE.api.folders.__id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_delete")
}
