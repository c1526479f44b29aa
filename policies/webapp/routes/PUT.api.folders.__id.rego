# PUT /api/folders/{id}: rename or move a folder (can_write: the owner).
package webapp.PUT.api.folders.__id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_write")
}
