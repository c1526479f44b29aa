# GET /api/documents/{id}/files: a document's files (can_read on the document, as reading it; anonymous callers for a public one).
package webapp.GET.api.documents.__id.files

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.route_permits("document", input.resource.id, "can_read")
}
