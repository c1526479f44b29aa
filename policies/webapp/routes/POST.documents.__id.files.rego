# POST /documents/{id}/files: the upload form of a document's files page (signed in, can_write on the document).
package webapp.POST.documents.__id.files

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_write")
}
