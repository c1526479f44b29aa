# POST /folders/new: the form to create a folder (signed-in users).
package webapp.POST.folders.new

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
}
