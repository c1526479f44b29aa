# POST /api/documents/{id}/versions/{version}/restore: make an old version current again (can_write: owner or writer).
package webapp.POST.api.documents.__id.versions.__version.restore

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_write")
}
