# POST /documents/{id}/delete: delete the document (can_delete).
package webapp.POST.documents.__id.delete

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_delete")
}
