# DELETE /api/folders/{id}/group-shares/{group_id}: revoke a group's share of a folder (can_share).
package webapp.DELETE.api.folders.__id.group_shares.__group_id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_share")
}
