# DELETE /api/documents/{id}: delete a document (can_delete: the owner).
package webapp.DELETE.api.documents.__id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_delete")
}
