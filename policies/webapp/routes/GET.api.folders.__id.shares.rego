# GET /api/folders/{id}/shares: a folder's shares (can_share: its owner).
package webapp.GET.api.folders.__id.shares

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_share")
}
