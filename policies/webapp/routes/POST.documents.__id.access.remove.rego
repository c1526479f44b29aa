# POST /documents/{id}/access/remove: take back a grant of a document (can_share; a folder share also needs the folder's can_share, checked by the service).
package webapp.POST.documents.__id.access.remove

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_share")
}
