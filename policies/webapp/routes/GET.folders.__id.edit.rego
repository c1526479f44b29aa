# GET /folders/{id}/edit: the form to rename or move a folder (can_write).
package webapp.GET.folders.__id.edit

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_write")
}
