# POST /api/documents: create a document (signed-in users).
package webapp.POST.api.documents

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
}
