# POST /documents/{id}/leave: a share holder gives up their own share (they can read the document;
# the service removes only the caller's own share).
package webapp.POST.documents.__id.leave

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_read")
}
