# GET /trash/{id}/delete: the confirmation before deleting a document in the trash for good (can_delete: the owner).
package webapp.GET.trash.__id.delete

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_delete")
}
