# GET /api/documents/{id}/files/{file_id}: a file's content (can_read on its document; anonymous callers for a public one).
package webapp.GET.api.documents.__id.files.__file_id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.route_permits("document", input.resource.id, "can_read")
}
