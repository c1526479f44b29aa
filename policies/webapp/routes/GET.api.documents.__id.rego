# GET /api/documents/{id}: read a document (can_read; an unknown id reaches the handler, which answers 404).
package webapp.GET.api.documents.__id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.route_permits("document", input.resource.id, "can_read")
}
