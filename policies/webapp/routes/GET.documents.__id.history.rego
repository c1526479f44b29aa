# GET /documents/{id}/history: who saved which version when (signed in, can_read: names of editors are not shown to anonymous readers of public documents).
package webapp.GET.documents.__id.history

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_read")
}
