# GET /documents/{id}/owner: the form that gives a document to another user (signed in, can_share: its owner).
package webapp.GET.documents.__id.owner

import data.webapp.common
import data.webapp.location
import rego.v1

default allowed := false

allowed if {
	location.permitted
	common.signed_in
	common.route_permits("document", input.resource.id, "can_share")
}
