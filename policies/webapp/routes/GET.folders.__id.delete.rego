# GET /folders/{id}/delete: the confirmation before deleting a folder (can_delete).
package webapp.GET.folders.__id.delete

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_delete")
}
