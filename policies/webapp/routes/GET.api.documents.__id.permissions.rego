# GET /api/documents/{id}/permissions: which permissions the caller holds on a document (a non-raising query: anyone may ask).
package webapp.GET.api.documents.__id.permissions

import data.webapp.location
import rego.v1

default allowed := false

allowed if location.permitted
