# GET /documents/{id}/files: the files page of a document (can_read on the document; public documents also without a session).
package webapp.GET.documents.__id.files

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.route_permits("document", input.resource.id, "can_read")
}
