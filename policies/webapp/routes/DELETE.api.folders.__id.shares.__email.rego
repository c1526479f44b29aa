# DELETE /api/folders/{id}/shares/{email}: revoke a person's share of a folder (can_share).
package webapp.DELETE.api.folders.__id.shares.__email

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_share")
}
