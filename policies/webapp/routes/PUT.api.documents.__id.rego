# PUT /api/documents/{id}: update a document (can_write).
package webapp.PUT.api.documents.__id

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_write")
}
