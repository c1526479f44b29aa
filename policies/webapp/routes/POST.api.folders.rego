# POST /api/folders: create a folder (signed-in users).
package webapp.POST.api.folders

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
}
