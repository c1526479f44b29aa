# POST /folders/{id}/edit: rename or move a folder (can_write; the service checks the new parent).
package webapp.POST.folders.__id.edit

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_write")
}
