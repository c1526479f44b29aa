# GET /groups: the caller's groups (signed-in users).
package webapp.GET.groups

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
}
