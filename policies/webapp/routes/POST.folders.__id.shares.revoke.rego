# POST /folders/{id}/shares/revoke: take back a share of a folder (can_share).
package webapp.POST.folders.__id.shares.revoke

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_share")
}
