# GET /api/folders: list the folders the caller may read (signed-in users).
package webapp.GET.api.folders

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
}
