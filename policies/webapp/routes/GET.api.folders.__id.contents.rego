# GET /api/folders/{id}/contents: a folder with its path, subfolders and documents (can_read: the owner).
package webapp.GET.api.folders.__id.contents

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("folder", input.resource.id, "can_read")
}
