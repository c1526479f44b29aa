# GET /documents/{id}/compare: two versions of a document side by side (signed in, can_read, as the history page).
package webapp.GET.documents.__id.compare

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_read")
}
