# GET /api/trash: the caller's deleted documents (signed in; the list holds only what check.can_delete allows).
package webapp.GET.api.trash

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
}
