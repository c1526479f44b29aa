# POST /groups: make a group (signed-in users).
package webapp.POST.groups

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
}
