# POST /documents/{id}/access/groups: share a document with a group (can_share).
package webapp.POST.documents.__id.access.groups

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_share")
}
