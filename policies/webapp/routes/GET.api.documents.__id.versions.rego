# GET /api/documents/{id}/versions: who saved which version when (signed in, can_read, as the history page).
package webapp.GET.api.documents.__id.versions

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_read")
}
