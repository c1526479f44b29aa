# POST /api/shares: share a document (signed-in users; the handler requires can_share on the document named in the body).
package webapp.POST.api.shares

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
}
