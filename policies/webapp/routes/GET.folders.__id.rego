# GET /folders/{id}: a folder's page with its subfolders and documents (can_read: the owner).
package webapp.GET.folders.__id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_read")
}
