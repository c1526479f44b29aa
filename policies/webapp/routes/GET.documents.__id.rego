# GET /documents/{id}: the document page (can_read; public documents also without a session; an
# unknown id reaches the handler, which answers 404).
package webapp.GET.documents.__id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.route_permits("document", input.resource.id, "can_read")
}
