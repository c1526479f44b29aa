# DELETE /api/documents/{id}/files/{file_id}: delete a file of a document (signed in, can_write on the document).
package webapp.DELETE.api.documents.__id.files.__file_id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_write")
}
