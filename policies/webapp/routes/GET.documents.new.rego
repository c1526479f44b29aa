# GET /documents/new: the form to create a document (signed-in users).
package webapp.GET.documents.new

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
}
