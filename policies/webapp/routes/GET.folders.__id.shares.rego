# GET /folders/{id}/shares: the sharing page of a folder (can_share: its owner).
package webapp.GET.folders.__id.shares

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_share")
}
