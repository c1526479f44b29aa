# POST /documents/{id}/files/{file_id}/delete: delete a file from a document's files page (signed in, can_write on the document).
package webapp.POST.documents.__id.files.__file_id.delete

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_write")
}
