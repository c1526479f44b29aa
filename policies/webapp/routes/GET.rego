# GET /: the start page. Anyone may open it (without a session it lists public documents); the
# lists on it are filtered by check.can_read. Users in a restricted location are denied.
package webapp.GET

import data.webapp.location
import rego.v1

default allowed := false

allowed if location.permitted
