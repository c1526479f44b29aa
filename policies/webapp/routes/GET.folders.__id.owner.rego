# GET /folders/{id}/owner: the form that gives a folder to another user (signed in, can_share: its owner).
package webapp.GET.folders.__id.owner

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_share")
}
