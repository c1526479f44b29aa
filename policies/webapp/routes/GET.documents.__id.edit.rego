# GET /documents/{id}/edit: the edit form of a document (can_write).
package webapp.GET.documents.__id.edit

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_write")
}
