# GET /api/documents: list documents. Anyone may ask (anonymous callers see public documents); the list is filtered by check.can_read.
package webapp.GET.api.documents

import data.webapp.location
import rego.v1

default allowed := false

allowed if location.permitted
